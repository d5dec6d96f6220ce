package impl;

import java.util.GregorianCalendar;

/** A calendar whose add counts. */
public class Ticker extends GregorianCalendar {
    static int ticks;

    @Override
    public void add(int field, int amount) {
        ticks++;
        super.add(field, amount);
    }
}
