package rules;

import static org.junit.Assert.assertEquals;

import java.util.Arrays;
import java.util.Collection;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

@RunWith(Parameterized.class)
public class ParameterizedRunnerTest {
    private final int input;

    public ParameterizedRunnerTest(int input) {
        this.input = input;
    }

    @Parameters
    public static Collection<Object[]> data() {
        return Arrays.asList(new Object[][] {{1}, {2}});
    }

    @Test
    public void doubles() {
        Service s = new Service();
        assertEquals(input * 2, s.handle(input));
    }
}
