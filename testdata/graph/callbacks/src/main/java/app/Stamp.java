package app;

import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalField;

/** A day of the month that answers get through the library's default method. */
public final class Stamp implements TemporalAccessor {
    private final int day;

    public Stamp(int day) {
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

    @Override
    public int get(TemporalField field) {
        return TemporalAccessor.super.get(field);
    }
}
