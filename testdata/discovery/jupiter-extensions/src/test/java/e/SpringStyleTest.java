package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/** Spring's test context calls the nested configuration's @Bean method before the test. */
@ExtendWith(SpringExtension.class)
@ContextConfiguration
class SpringStyleTest {
    @Configuration
    static class Config {
        @Bean
        public Long now() {
            return Clock.now();
        }
    }

    static class NotAConfiguration {
        Long later() {
            return Clock.now();
        }
    }

    @Value("#{now}")
    private Long now;

    @Test
    void injected() {
        assertEquals(42L, now);
    }
}
