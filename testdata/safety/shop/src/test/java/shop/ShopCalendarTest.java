package shop;

import static org.junit.Assert.assertTrue;

import java.time.chrono.Chronology;

import org.junit.Test;

public class ShopCalendarTest {
    @Test
    public void theJdkFindsTheShopCalendar() {
        assertTrue(Chronology.getAvailableChronologies().size() > 1);
    }
}
