package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LambdasTest {
    @Test
    void staticMethodReference() {
        List<Integer> out = Arrays.asList(1, 2).stream().map(Ops::twice).collect(Collectors.toList());
        assertEquals(Arrays.asList(2, 4), out);
    }

    @Test
    void boundMethodReference() {
        Ops ops = new Ops();
        assertEquals(Arrays.asList(-1), Arrays.asList(1).stream().map(ops::negate).collect(Collectors.toList()));
    }

    @Test
    void lambdaBody() {
        IntSupplier s = () -> Helper.work();
        assertEquals(5, s.getAsInt());
    }

    @Test
    void anonymousClassBody() {
        List<String> l = new ArrayList<>(Arrays.asList("ccc", "a"));
        l.sort(new Comparator<String>() {
            @Override
            public int compare(String a, String b) {
                return Helper.compare(a, b);
            }
        });
        assertEquals("a", l.get(0));
    }

    @Test
    void anonymousClassInProduction() {
        assertEquals(0, new Gram().unit().zero());
    }

    @Test
    void methodReferenceWithTypeArguments() {
        java.util.function.Function<List<String>, String> f = Helper::<String>first;
        assertEquals("a", f.apply(Arrays.asList("a")));
    }

    @Test
    void lambdaOfAnInterfaceWithDefaults() {
        int[] seen = new int[1];
        Runner.run(x -> seen[0] = x, 3);
        assertEquals(3, seen[0]);
    }

    @Test
    void lambdaOfAPlainInterface() {
        assertEquals(true, Runner.check(x -> x > 0, 1));
    }

    @Test
    void anonymousClassOfAnInterfaceWithDefaults() {
        Action a = new Action() {
            public void run(int x) {
            }
        };
        a.run(1);
        assertEquals(1, 1);
    }

    @Test
    void classImplementingAnInterfaceWithDefaults() {
        new Doubler().run(2);
        assertEquals(2, 2);
    }

    @Test
    void anonymousClassOfAPlainInterface() {
        Probe p = new Probe() {
            public boolean test(int x) {
                return true;
            }
        };
        assertEquals(true, p.test(1));
    }

    @Test
    void staticCallWithTypeArguments() {
        assertEquals("a", Helper.<String>first(Arrays.asList("a")));
    }

    @Test
    void lambdaAssignedToALocal() {
        Action a = x -> { };
        assertEquals(false, a == null);
    }

    @Test
    void methodReferenceAssignedToALocal() {
        Action a = LambdasTest::ignore;
        assertEquals(false, a == null);
    }

    static void ignore(int x) {
    }

    @Test
    void lambdaPassedToAConstructor() {
        assertEquals(false, new Holder(x -> { }) == null);
    }

    @Test
    void lambdaReturnedByAFactory() {
        assertEquals(false, Holder.make() == null);
    }

    @Test
    void lambdaOfAPlainInterfaceAssignedToALocal() {
        Probe p = x -> true;
        assertEquals(true, p.test(1));
    }
}
