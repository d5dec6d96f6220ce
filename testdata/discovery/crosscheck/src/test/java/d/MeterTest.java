package d;

public class MeterTest extends BaseCheck {
    public void reads() {
        same(42, new Meter().read());
    }
}
