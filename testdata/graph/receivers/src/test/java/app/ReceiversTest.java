package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ReceiversTest {
    @Test
    void renderUsesLibraryAppend() {
        assertEquals("[t]", Report.render(new Doc("t")));
    }

    @Test
    void untypedElementMatchedByName() {
        assertEquals(2, Report.firstWeight(Arrays.asList(new Doc("ab"))));
    }

    @Test
    void anonymousClassCallsInheritedMethod() {
        assertEquals(202, Wiring.run(1));
    }

    @Test
    void anonymousClassCallsEnclosingLibraryMethod() {
        assertEquals(1, new FastJob().schedule());
    }
}
