package disp;

/** A gauge whose reading changes nothing; Gauges.loud() makes one that counts its reads. */
public class Gauge {
    private final int level;

    public Gauge(int level) {
        this.level = level;
    }

    public int read() {
        return level;
    }
}
