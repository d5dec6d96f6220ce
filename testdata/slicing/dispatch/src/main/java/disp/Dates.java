package disp;

import java.util.Calendar;
import java.util.Date;
import java.util.concurrent.locks.ReentrantLock;

/** Calendars, dates and locks: JDK classes whose methods change only themselves. */
public final class Dates {
    private final ReentrantLock lock = new ReentrantLock();
    private int n;

    /** Takes its own lock: changes this object only. */
    public int next() {
        lock.lock();
        try {
            return ++n;
        } finally {
            lock.unlock();
        }
    }

    /** Changes the calendar it is given, and only that. */
    public static Calendar truncate(Calendar c, int[] fields) {
        c.set(Calendar.MILLISECOND, 0);
        c.add(fields[0], 1);
        return c;
    }

    /** Reads the default time zone. */
    public static Calendar now() {
        return Calendar.getInstance();
    }

    /** A date made here changes nothing else. */
    public static long start(Date d) {
        Date copy = new Date(d.getTime());
        copy.setTime(0);
        return copy.getTime();
    }
}
