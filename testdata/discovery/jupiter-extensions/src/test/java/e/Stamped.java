package e;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

import org.junit.jupiter.api.extension.ExtendWith;

/** A composed annotation: its users run TimeExtension around their tests. */
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(TimeExtension.class)
public @interface Stamped {
}
