package rules;

public class Junit3ViaBaseTest extends BaseCase {
    public void testMake() {
        Counter c = make(4);
        Counter d = new Counter(5);
        assertEquals(4, c.value());
        assertEquals(5, d.value());
    }
}
