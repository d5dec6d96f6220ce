package shop;

import static org.junit.Assert.assertEquals;

import java.lang.reflect.Constructor;

import org.junit.Test;

public class UnitsTest {
    @Test
    public void otherUnitsAreMadeReflectively() throws Exception {
        assertEquals("pieces", Units.pieces().name());
        Class<?> cls = Units.class.getDeclaredClasses()[0];
        Constructor<?> con = cls.getDeclaredConstructors()[0];
        con.setAccessible(true);
        Units other = (Units) con.newInstance("boxes", 2);
        assertEquals("boxes", other.name());
    }
}
