package d;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

class DisabledTest {
    @Disabled
    @Test
    void off() {
    }

    @Test
    void on() {
    }
}
