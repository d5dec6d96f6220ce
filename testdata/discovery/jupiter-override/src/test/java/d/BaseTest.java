package d;

import org.junit.jupiter.api.Test;

class BaseTest {
    @Test
    void check() {
    }

    @Test
    void other() {
    }
}
