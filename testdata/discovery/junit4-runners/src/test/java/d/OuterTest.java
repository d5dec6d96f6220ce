package d;

import org.junit.Test;
import org.junit.experimental.runners.Enclosed;
import org.junit.runner.RunWith;

@RunWith(Enclosed.class)
public class OuterTest {
    @Test
    public void notRunByEnclosed() {
    }

    public static class WhenEmpty {
        @Test
        public void isEmpty() {
        }
    }

    public static class WhenFull {
        @Test
        public void isFull() {
        }
    }
}
