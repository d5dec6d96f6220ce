package d;

public interface SlowTests {
}
