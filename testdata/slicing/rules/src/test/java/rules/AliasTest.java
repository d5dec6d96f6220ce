package rules;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class AliasTest {
    @Test
    public void constructorStoresArgument() {
        Counter c = new Counter();
        Holder h = new Holder(c);
        c.increment();
        Counter other = new Counter(5);
        assertEquals(1, h.total());
        assertEquals(5, other.value());
    }

    @Test
    public void addStoresArgument() {
        Holder h = new Holder();
        Counter c = new Counter();
        h.add(c);
        c.add(3);
        assertEquals(3, h.total());
    }

    @Test
    public void fieldStoreAliases() {
        Holder h = new Holder();
        Counter c = new Counter();
        h.first = c;
        c.increment();
        assertEquals(1, h.first().value());
    }

    @Test
    public void earlierAssertionMayChangeState() {
        Counter c = new Counter(1);
        Holder h = new Holder(c);
        assertEquals(1, h.total());
        assertEquals(1, c.value());
    }

    @Test
    public void independentAssertionsOneFailsOnPurpose() {
        Counter a = new Counter(1);
        Counter b = new Counter(2);
        assertEquals(1, a.value());
        assertEquals(3, b.value());
    }

    @Test
    public void pureLocalsAreDropped() {
        int x = 2;
        int unused = x * 21;
        Calculator calc = new Calculator();
        assertEquals(4, calc.square(x));
    }
}
