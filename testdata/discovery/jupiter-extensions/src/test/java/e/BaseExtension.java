package e;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Callbacks an extension inherits run as its own do. */
public abstract class BaseExtension implements AfterEachCallback {
    @Override
    public void afterEach(ExtensionContext context) {
        Clock.now();
    }
}
