package rules;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ImplicitUnitTest {
    @Test
    public void trailingCloseIsImplicit() {
        Service service = new Service();
        Calculator calc = new Calculator();
        assertEquals(9, calc.square(3));
        service.close();
    }

    @Test
    public void unusedCallThatFailsOnPurpose() {
        Service service = new Service();
        Counter c = new Counter(4);
        service.explode();
        assertEquals(4, c.value());
    }
}

class SecondTopLevelTest {
    @org.junit.jupiter.api.Test
    void secondClassInFile() {
        Counter c = new Counter(8);
        org.junit.jupiter.api.Assertions.assertEquals(8, c.value());
    }
}
