package shop;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.chrono.AbstractChronology;
import java.time.chrono.ChronoLocalDate;
import java.time.chrono.Era;
import java.time.chrono.IsoChronology;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.ValueRange;
import java.util.List;

/** The ISO calendar under the shop's own id, registered as a java.time service. */
public final class ShopCalendar extends AbstractChronology {
    private final String id;

    public ShopCalendar() {
        this.id = "Shop";
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String getCalendarType() {
        return null;
    }

    @Override
    public ChronoLocalDate date(int prolepticYear, int month, int dayOfMonth) {
        return LocalDate.of(prolepticYear, month, dayOfMonth);
    }

    @Override
    public ChronoLocalDate dateYearDay(int prolepticYear, int dayOfYear) {
        return LocalDate.ofYearDay(prolepticYear, dayOfYear);
    }

    @Override
    public ChronoLocalDate dateEpochDay(long epochDay) {
        return LocalDate.ofEpochDay(epochDay);
    }

    @Override
    public ChronoLocalDate date(TemporalAccessor temporal) {
        return LocalDate.from(temporal);
    }

    @Override
    public boolean isLeapYear(long prolepticYear) {
        return IsoChronology.INSTANCE.isLeapYear(prolepticYear);
    }

    @Override
    public int prolepticYear(Era era, int yearOfEra) {
        return IsoChronology.INSTANCE.prolepticYear(era, yearOfEra);
    }

    @Override
    public Era eraOf(int eraValue) {
        return IsoChronology.INSTANCE.eraOf(eraValue);
    }

    @Override
    public List<Era> eras() {
        return IsoChronology.INSTANCE.eras();
    }

    @Override
    public ValueRange range(ChronoField field) {
        if (field == null) {
            throw new DateTimeException("no field");
        }
        return field.range();
    }
}
