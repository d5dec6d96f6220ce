package disp;

import java.util.Formattable;
import java.util.Formatter;
import java.util.function.DoubleFunction;

/** Implements JDK interfaces that are neither collections nor builders. */
public final class Half implements DoubleFunction<String>, Formattable {
    @Override
    public String apply(double x) {
        return String.valueOf(x / 2);
    }

    @Override
    public void formatTo(Formatter formatter, int flags, int width, int precision) {
        formatter.format("half");
    }
}
