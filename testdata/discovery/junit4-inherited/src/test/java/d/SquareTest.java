package d;

import static org.junit.Assert.assertEquals;

public class SquareTest extends AbstractPolygonTest {
    public void testArea() {
        assertEquals(4, new Square(2).area());
    }

    public void helper() {
    }
}
