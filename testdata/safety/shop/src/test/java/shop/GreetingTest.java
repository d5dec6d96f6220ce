package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/** JUnit runs the extension's callback before each test: no statement here calls Clerk. */
@ExtendWith(GreetingTest.Greeter.class)
class GreetingTest {
    static String heard;

    static class Greeter implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            heard = Clerk.greeting();
        }
    }

    @Test
    void hearsTheGreeting() {
        assertEquals(2, heard.length());
    }
}
