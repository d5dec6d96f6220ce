package geo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PointTest {
    @Test
    void measuresDistance() {
        Point p = new Point(3, -4);
        int d = p.euclid();
        assertEquals(7, d);
    }
}
