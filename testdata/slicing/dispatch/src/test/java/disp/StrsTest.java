package disp;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Calendar;
import java.util.TimeZone;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.Test;

public class StrsTest {
    private static final String NONE = "";

    /** A CharSequence whose length is counted, made by a local class. */
    static CharSequence shout() {
        class Shout implements CharSequence {
            @Override
            public int length() {
                Counter.n++;
                return 0;
            }

            @Override
            public char charAt(int i) {
                return 'x';
            }

            @Override
            public CharSequence subSequence(int a, int b) {
                return this;
            }
        }
        return new Shout();
    }

    @Test
    public void values() {
        assertTrue(Strs.isEmpty(""));
        assertFalse(Strs.isBlank("a"));
        String s = "b";
        assertFalse(Strs.isEmpty(s));
        assertTrue(Strs.isEmpty(NONE));
        assertEquals(2, Strs.both("a", "b"));
    }

    @Test
    public void elementsOfValues() {
        int before = Counter.n;
        assertEquals(3, Strs.totalLength("a", "bc"));
        assertEquals(2, Strs.pairLengths(new String[][] { { "a", "b" } }));
        String[] words = { "ab" };
        assertEquals(2, Strs.totalLength(words));
        assertEquals(before, Counter.n);
    }

    @Test
    public void swappedValues() {
        int before = Counter.n;
        assertEquals(1, Strs.shorterLength("ab", "c"));
        assertEquals(before, Counter.n);
        assertEquals(0, Strs.shorterLength("ab", shout()));
        assertTrue(Counter.n > before);
    }

    @Test
    public void elementsShouted() {
        int before = Counter.n;
        assertEquals(0, Strs.totalLength("", shout()));
        assertEquals(before + 1, Counter.n);
        CharSequence[][] pairs = { { shout(), "" } };
        assertEquals(0, Strs.pairLengths(pairs));
        assertEquals(before + 2, Counter.n);
    }

    @Test
    public void counted() {
        int before = Counter.n;
        CharSequence cs = shout();
        assertTrue(Strs.isEmpty(cs));
        assertEquals(before + 1, Counter.n);
    }

    @Test
    public void shouted() {
        int before = Counter.n;
        CharSequence cs = shout();
        assertTrue(Strs.isBlank(cs));
        assertEquals(before + 1, Counter.n);
    }

    @Test
    public void remembered() {
        int before = Counter.n;
        Strs.remember(shout());
        assertTrue(Strs.lastEmpty());
        assertEquals(before + 1, Counter.n);
    }

    @Test
    public void lazy() {
        List<String> log = new ArrayList<>();
        Supplier<String> source = () -> {
            log.add("asked");
            return "v";
        };
        Lazy lazy = new Lazy(source);
        assertEquals(1, log.size());
        assertEquals("v", lazy.value());
    }

    @Test
    public void wrapped() {
        int before = LoudException.printed;
        LoudException loud = new LoudException();
        RuntimeException wrapper = new RuntimeException(loud);
        assertEquals(before + 1, LoudException.printed);
        assertEquals(3, Parse.parse("abc"));
        assertEquals(2, Parse.parse("ab"));
    }

    @Test
    public void rebound() {
        int n = Parse.parse("abc");
        n = Parse.parse("ab");
        n += 1;
        assertEquals(3, n);
        int m = Parse.parse("abcd");
        if (m > 3) {
            m = Parse.parse("a");
        }
        assertEquals(1, m);
        List<String> xs = new ArrayList<>();
        List<String> ys = xs;
        xs.add("a");
        xs = new ArrayList<>();
        assertEquals(1, ys.size());
        assertEquals(0, xs.size());
    }

    @Test
    public void factories() {
        int before = Counter.n;
        String a = Fns.orElse(null, Fns.nul());
        String b = Fns.orElse(null, Fns.fresh());
        String c = Fns.orElse(null, Fns.counting());
        assertEquals(before + 1, Counter.n);
        String d = Fns.orElse(null, Fns.opened());
        assertEquals(null, d);
        assertEquals(null, a);
        assertEquals("f", b);
        assertEquals("x", c);
    }

    @Test
    public void held() {
        int before = Counter.n;
        Fns.hold(Fns.counting());
        String e = Fns.orElse(null, Fns.picked());
        assertEquals(before + 1, Counter.n);
        assertEquals("x", e);
    }

    @Test
    public void files() throws Exception {
        File f = File.createTempFile("disp", ".txt");
        Disk.write(f, "x");
        assertTrue(f.exists());
        assertTrue(Disk.here(f));
        assertTrue(Disk.gone(f));
        assertFalse(f.exists());
    }

    @Test
    public void paths() throws Exception {
        Path p = Files.createTempFile("disp", ".txt");
        List<String> names = new ArrayList<>();
        Disk.pathWrite(p, "x");
        names.add(Disk.name(p));
        assertTrue(Disk.pathHere(p));
        assertEquals(1, names.size());
        assertTrue(Disk.pathGone(p));
        assertFalse(Files.exists(p));
    }

    @Test
    public void gates() {
        int before = Counter.n;
        Gate never = new Gate() {
            @Override
            public boolean open() {
                return false;
            }
        };
        Gate loud = new Gate() {
            @Override
            public boolean close() {
                Counter.n++;
                return true;
            }
        };
        assertTrue(Gate.shut(loud));
        assertFalse(Gate.check(never));
        assertEquals(before + 1, Counter.n);
    }

    @Test
    public void hashes() {
        int before = Counter.n;
        Sorts.checkedText("a");
        int h = Sorts.wrappedHash("a");
        assertEquals(0, Sorts.byName("a", "a"));
        assertEquals(before + 1, Counter.n);
        Sorts.check(true, "never");
        assertEquals(h, Sorts.wrappedHash("a"));
    }

    @Test
    public void zones() {
        Calendar cal = Calendar.getInstance();
        TimeZone tz = cal.getTimeZone();
        tz.setRawOffset(3600000);
        assertEquals(3600000, cal.getTimeZone().getRawOffset());
    }

    @Test
    public void arrays() {
        char[] cs = {'b', 'a'};
        int before = Counter.n;
        Arrs.sort(cs);
        String[] names = {"b", "a"};
        Arrs.sort(names);
        assertEquals(before, Counter.n);
        assertEquals('a', cs[0]);
    }

    @Test
    public void valueArrays() {
        int before = Counter.n;
        char[] letters = {'b', 'a'};
        assertEquals(-1, Strs.lengthOf(letters));
        assertEquals(-1, Strs.lengthOf(Arrs.sort(letters)));
        assertEquals('a', letters[0]);
        CharSequence[] shouts = {shout()};
        assertEquals(0, Strs.firstLength(shouts));
        assertEquals(before + 1, Counter.n);
    }

    @Test
    public void constantBodies() {
        int before = Counter.n;
        Op op = Op.PLUS;
        String d = op.describe();
        assertEquals(before + 1, Counter.n);
        assertEquals("plus", d);
    }

    @Test
    public void constantBodiesRunWhenCalled() {
        int before = Counter.n;
        Measure chars = Measure.CHARS;
        assertEquals(before, Counter.n);
        assertEquals(4, chars.of("four"));
        Measure loud = Measure.LOUD;
        int two = loud.of("ab");
        assertEquals(before + 1, Counter.n);
        assertEquals(2, two);
    }

    @Test
    public void registeredByAStreamInPlace() {
        int before = Counter.n;
        String x86 = Arch.family("i686").name();
        Counter.n++;
        String ppc = Arch.family("ppc64").name();
        assertEquals(before + 1, Counter.n);
        assertEquals("x86", x86);
        assertEquals("ppc", ppc);
        int calls = Parse.calls;
        Parse.countAll(1, 2);
        assertEquals(calls + 2, Parse.calls);
        String arm = CountedArch.family("aarch64");
        assertTrue(Counter.n > before);
        assertEquals("arm", arm);
    }

    @Test
    public void aNamedSupplierCounts() {
        int before = Counter.n;
        int one = Fnx.viaLocal();
        assertEquals(before + 1, Counter.n);
        assertEquals(1, one);
    }

    @Test
    public void aSupplierReadsWhenItRuns() {
        int before = Counter.n;
        Supplier<Integer> count = Fnx.counter();
        Counter.n = before + 1;
        int got = count.get();
        assertEquals(before + 1, got);
    }

    @Test
    public void theDefaultZoneIsRead() {
        int before = Counter.n;
        TimeZone zone = TimeZone.getDefault();
        assertEquals(before, Counter.n);
        TimeZone.setDefault(TimeZone.getTimeZone("GMT"));
        TimeZone gmt = TimeZone.getDefault();
        TimeZone.setDefault(zone);
        assertEquals("GMT", gmt.getID());
    }

    @Test
    public void plainEnums() {
        int before = Counter.n;
        Turn t = Dir.LEFT;
        Turn back = t.turn();
        assertEquals(before, Counter.n);
        assertEquals(Dir.RIGHT, back);
    }

    @Test
    public void exactClasses() {
        int before = Counter.n;
        Gauge g = new Gauge(3);
        int level = g.read();
        assertEquals(3, new Gauge(3).read());
        assertEquals(before, Counter.n);
        assertEquals(3, level);
    }

    @Test
    public void subclassedGauges() {
        int before = Counter.n;
        Gauge g = new Gauge(3);
        if (before >= 0) {
            g = Gauges.loud(3);
        }
        int level = g.read();
        assertEquals(before + 1, Counter.n);
        assertEquals(3, level);
    }
}
