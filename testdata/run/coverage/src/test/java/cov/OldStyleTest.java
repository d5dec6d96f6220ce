package cov;

public class OldStyleTest extends OldStyleBase {
    private Calc c;

    @Override
    protected void setUp() {
        c = new Calc(3);
    }

    public void testAdds() {
        assertEquals(5, c.add(2));
    }

    // Production code run by a test class's own initialization: attributed to the class,
    // not marked as run during (production) class initialization.
    static final int BASE = Shape.square(1).area();

    // JUnit 3 builds one object per test method while it discovers tests, before any test
    // runs: what field initializers run then is class-level work of OldStyleTest.
    private final int built = Modes.built(2);
}
