package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;
import org.junit.platform.commons.support.ReflectionSupport;

public class SpecimenTest {
    @Test
    public void aLibraryMakesAnotherOfItsClass() {
        Object sample = Specimen.sample();
        Object fresh = ReflectionSupport.newInstance(sample.getClass());
        assertEquals(5, String.valueOf(fresh).length());
    }
}
