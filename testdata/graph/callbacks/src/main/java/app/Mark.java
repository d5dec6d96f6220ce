package app;

import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalField;

/** A day of the month that calls the get it inherits from the library. */
public final class Mark implements TemporalAccessor {
    private final int day;

    public Mark(int day) {
        this.day = day;
    }

    @Override
    public boolean isSupported(TemporalField field) {
        return field == ChronoField.DAY_OF_MONTH;
    }

    @Override
    public long getLong(TemporalField field) {
        return day;
    }

    public int day() {
        return get(ChronoField.DAY_OF_MONTH);
    }
}
