package e;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Two nested extensions of one simple name: a qualified class literal names one of them. */
public class Hooks {
    public static class Hook implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            TimeExtension.seen = Clock.now();
        }
    }

    public static class Quiet {
        public static class Hook implements BeforeEachCallback {
            @Override
            public void beforeEach(ExtensionContext context) {
            }
        }
    }
}
