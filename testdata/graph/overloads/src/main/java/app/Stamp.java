package app;

/** Prints itself: print(this) is print(Instant), never print(Partial) or print(long). */
public class Stamp implements Instant {
    @Override
    public String toString() {
        return Printer.print(this);
    }

    /** In an anonymous class, this is that object: which overload runs is not known here. */
    public Runnable later() {
        return new Runnable() {
            @Override
            public void run() {
                Printer.print(this);
            }
        };
    }
}
