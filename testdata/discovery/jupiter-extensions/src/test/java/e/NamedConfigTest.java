package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/** The configuration class is named: its @Bean methods run, not those of other classes. */
@SpringJUnitConfig(classes = SpringStyleTest.Config.class)
class NamedConfigTest {
    @Test
    void injected() {
        assertEquals(1, 1);
    }
}
