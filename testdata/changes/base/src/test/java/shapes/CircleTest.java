package shapes;

import static org.junit.Assert.assertEquals;

import org.junit.Before;
import org.junit.Test;

public class CircleTest {
    private Circle unit;

    @Before
    public void setUp() {
        unit = new Circle(1.0);
    }

    @Test
    public void area() {
        assertEquals(Math.PI, unit.area(), 1e-9);
    }

    @Test
    public void clamp() {
        assertEquals(10, Util.clamp(99));
    }
}
