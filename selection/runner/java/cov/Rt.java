package assertlens.cov;

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The coverage agent's runtime, loaded by the bootstrap class loader so that instrumented
 * classes of every loader and the JUnit listener share it. Instrumented code calls hit() at
 * the entry of every project method, and enter()/line()/exit() in methods of test classes;
 * the listener opens and closes one context per test (and per test class).
 */
public final class Rt {
    private Rt() {}

    /** One running test (method "" for class-level code) and what it executed. */
    public static final class Ctx {
        final String testClass, testMethod, declClass, methodName;
        final Ctx parent;
        final Thread owner;
        /**
         * The thread running the test method's body when that is not the owner (JUnit 4's
         * timeout and Jupiter's separate-thread timeout run the body on a thread of their
         * own while the owner waits): its lines are the test's statements, not other work.
         */
        volatile Thread body;
        volatile int line;
        /** Set when the test ended: threads it started keep it, but no longer work for it. */
        volatile boolean closed;
        /** A test class instance being built outside any test (see constructEnter). */
        boolean construction;
        int depth;
        private long[] keys = new long[64];
        private int size;

        Ctx(String testClass, String testMethod, String declClass, String methodName, Ctx parent) {
            this.testClass = testClass;
            this.testMethod = testMethod;
            this.declClass = declClass == null ? null : declClass.intern();
            this.methodName = methodName == null ? null : methodName.intern();
            this.parent = parent;
            this.owner = Thread.currentThread();
        }

        /** Reports whether t runs the test itself: its owner, or the thread running its body. */
        boolean runsOn(Thread t) {
            return owner == t || body == t;
        }

        synchronized void add(long key) {
            key++; // 0 marks an empty slot
            int mask = keys.length - 1;
            int i = (int) (mix(key) & mask);
            while (true) {
                long k = keys[i];
                if (k == key) {
                    return;
                }
                if (k == 0) {
                    keys[i] = key;
                    if (++size * 2 > keys.length) {
                        grow();
                    }
                    return;
                }
                i = (i + 1) & mask;
            }
        }

        private void grow() {
            long[] old = keys;
            keys = new long[old.length * 2];
            size = 0;
            for (long k : old) {
                if (k != 0) {
                    add(k - 1);
                }
            }
        }

        synchronized long[] drain() {
            long[] out = new long[size];
            int n = 0;
            for (long k : keys) {
                if (k != 0) {
                    out[n++] = k - 1;
                }
            }
            return out;
        }
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return x;
    }

    /** The line recorded for code that runs after a test method's body (@After*, rules' after parts). */
    static final int AFTER_BODY = 0x3fffffff;

    private static final InheritableThreadLocal<Ctx> CUR = new InheritableThreadLocal<>();
    /** Class initializations running in the JVM, so hit() looks at INIT_DEPTH only then. */
    private static final AtomicInteger INITS = new AtomicInteger();
    /**
     * Per thread: [0] is how many static initializers are running, [1..] the members of
     * those initializers, innermost last (past the array's end only the depth counts).
     */
    private static final ThreadLocal<int[]> INIT_DEPTH = new ThreadLocal<int[]>() {
        @Override
        protected int[] initialValue() {
            return new int[33];
        }
    };
    /** (member, initializer) pairs already written, as member << 32 | initializer + 1. */
    private static final java.util.Set<Long> initSeen = new java.util.HashSet<>();
    private static final List<String> pendingInit = new ArrayList<>();
    private static final Ctx NONE = new Ctx("", "", null, null, null);
    private static final List<String> pendingMembers = new ArrayList<>();
    private static int nextMember;
    private static Writer out;

    /** Registers an instrumented method; the returned id is what hit() receives. */
    public static synchronized int register(String cls, String name, String desc, String source, int first, int last,
            String enclosing, boolean test, boolean synthetic) {
        int id = nextMember++;
        pendingMembers.add("M\t" + id + "\t" + cls + "\t" + name + "\t" + desc + "\t" + nz(source) + "\t" + first + "\t" + last
                + "\t" + nz(enclosing) + "\t" + (test ? "t" : "") + (synthetic ? "s" : ""));
        return id;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** Called at the entry of every instrumented method. */
    public static void hit(int member) {
        if (INITS.get() > 0) {
            int[] d = INIT_DEPTH.get();
            if (d[0] > 0) {
                // The innermost initializer running, other than the member's own.
                int at = Math.min(d[0], d.length - 1);
                int init = d[0] < d.length ? d[at] : -1;
                if (init == member) {
                    init = at > 1 ? d[at - 1] : -1;
                }
                markInit(member, init);
            }
        }
        Ctx c = CUR.get();
        if (c == null || c.closed) {
            // No test, or a pooled thread whose creating test has ended (a parallel stream's
            // common pool): whichever test the work is for, it cannot be told.
            c = NONE;
        }
        boolean other = c != NONE && !c.runsOn(Thread.currentThread());
        c.add(((long) member << 32) | ((long) (c.line & 0x3fffffff) << 1) | (other ? 1 : 0));
    }

    /**
     * Remembers a member that ran during some class's initialization: its result may live
     * on in static state, seen by later tests that never execute it.
     */
    private static synchronized void markInit(int member, int init) {
        if (initSeen.add(((long) member << 32) | (init + 1L))) {
            pendingInit.add(init < 0 ? Integer.toString(member) : member + ">" + init);
        }
    }

    /**
     * Called at the entry of every static initializer (before its hit), with the
     * initializer's member id: what runs until initExit runs for that class's initialization.
     */
    public static void initEnter(int init) {
        int[] d = INIT_DEPTH.get();
        d[0]++;
        if (d[0] < d.length) {
            d[d[0]] = init;
        }
        INITS.incrementAndGet();
    }

    /** Called before each return from, and on each exception leaving, a static initializer. */
    public static void initExit() {
        int[] d = INIT_DEPTH.get();
        if (d[0] > 0) {
            d[0]--;
            INITS.decrementAndGet();
        }
    }

    /** Called at the entry of every method of a test class. */
    public static void enter(String cls, String method) {
        Ctx c = CUR.get();
        if (c == null || c.methodName != method || c.declClass != cls) {
            return;
        }
        Thread t = Thread.currentThread();
        if (c.owner != t && c.depth == 0 && c.body == null && !c.closed) {
            c.body = t; // the body runs on a thread of its own (a timeout)
        }
        if (c.runsOn(t)) {
            c.depth++;
        }
    }

    /** Called before each return from, and on each exception leaving, a method of a test class. */
    public static void exit(String cls, String method) {
        Ctx c = CUR.get();
        if (c != null && c.methodName == method && c.declClass == cls && c.runsOn(Thread.currentThread()) && c.depth > 0) {
            if (--c.depth == 0) {
                c.line = AFTER_BODY; // what runs after the test method (@After*)
            }
        }
    }

    /**
     * Called in the constructors of test-source classes, just after their super(...) or
     * this(...) call. When no test runs on this thread (JUnit 3's TestSuite builds one
     * instance per test method while it discovers them, before any test), what the
     * constructor runs (field initializers, the body) is credited to the class of the object
     * being built, as class-level work: it made the object every test of that class runs
     * on. A class that turns out to have no tests is mapped to "no test" when the record is
     * read. Within a running test, or within an outer such constructor, it does nothing new.
     */
    public static void constructEnter(Object self) {
        Ctx c = CUR.get();
        if (c != null && !c.closed) {
            if (c.construction && c.owner == Thread.currentThread()) {
                c.depth++;
            }
            return;
        }
        Ctx n = new Ctx(self.getClass().getName(), "", null, null, c);
        n.construction = true;
        n.depth = 1;
        CUR.set(n);
    }

    /** Called before each return from, and on each exception leaving, such a constructor. */
    public static void constructExit() {
        Ctx c = CUR.get();
        if (c == null || !c.construction || c.closed || c.owner != Thread.currentThread()) {
            return;
        }
        if (--c.depth == 0) {
            c.closed = true;
            CUR.set(c.parent);
            write(c);
        }
    }

    /** Called at each new source line of a method of a test class. */
    public static void line(String cls, String method, int line) {
        Ctx c = CUR.get();
        if (c != null && c.depth == 1 && c.methodName == method && c.declClass == cls && c.runsOn(Thread.currentThread())) {
            c.line = line;
        }
    }

    /** Methods of test classes instrumented without line probes, as class#method. */
    private static final java.util.Set<String> untracked = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Notes that a method of a test class has no line probes (see Transformer.instrumentFitting). */
    public static void linesUntracked(String cls, String method) {
        untracked.add(cls + "#" + method);
    }

    /** Opens a context for a test (method "" for a test class) on the current thread. */
    public static Object begin(String testClass, String testMethod, String declClass, String methodName) {
        if (methodName != null && untracked.contains(declClass + "#" + methodName)) {
            // Its statements cannot be told apart: a record of it would pass for exact.
            uninstrumented(declClass, "test method " + methodName + " is too large for line probes (MethodTooLargeException)");
        }
        Ctx c = new Ctx(testClass, testMethod, declClass, methodName, CUR.get());
        CUR.set(c);
        return c;
    }

    /** Closes a context: its hits are written, the enclosing context is current again. */
    public static void end(Object token) {
        if (!(token instanceof Ctx)) {
            return;
        }
        Ctx c = (Ctx) token;
        c.closed = true;
        if (CUR.get() == c) {
            CUR.set(c.parent);
        }
        write(c);
    }

    private static void write(Ctx c) {
        long[] keys = c.drain();
        StringBuilder b = new StringBuilder(keys.length * 12 + 64);
        b.append("H\t").append(c.testClass).append('\t').append(c.testMethod).append('\t');
        for (int i = 0; i < keys.length; i++) {
            long k = keys[i];
            if (i > 0) {
                b.append(',');
            }
            b.append(k >>> 32).append(':').append((k >>> 1) & 0x3fffffff);
            if ((k & 1) != 0) {
                b.append(":o");
            }
        }
        emit(b.toString());
    }

    private static synchronized void emit(String record) {
        try {
            if (out == null) {
                String path = System.getProperty("assertlens.cov.out");
                if (path == null) {
                    return;
                }
                out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(path, true), StandardCharsets.UTF_8), 1 << 16);
            }
            for (String m : pendingMembers) {
                out.write(m);
                out.write('\n');
            }
            pendingMembers.clear();
            if (!pendingInit.isEmpty()) {
                StringBuilder b = new StringBuilder("I\t");
                for (int i = 0; i < pendingInit.size(); i++) {
                    if (i > 0) {
                        b.append(',');
                    }
                    b.append(pendingInit.get(i));
                }
                out.write(b.toString());
                out.write('\n');
                pendingInit.clear();
            }
            if (record != null) {
                out.write(record);
                out.write('\n');
            }
            out.flush();
        } catch (IOException e) {
            System.err.println("assertlens coverage: cannot write: " + e);
        }
    }

    /**
     * Records that the project class named name (internal form) runs uninstrumented: the
     * transformer failed on it for reason. Its members and statements go unrecorded, so the
     * coverage run reports it rather than pass for complete.
     */
    public static void uninstrumented(String name, String reason) {
        emit("X\t" + name + "\t" + reason.replace('\t', ' ').replace('\n', ' ').replace('\r', ' '));
    }

    /** Writes what ran outside any test and the members registered since the last test. */
    public static void finish() {
        long[] keys = NONE.drain();
        StringBuilder b = new StringBuilder("U\t");
        for (int i = 0; i < keys.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(keys[i] >>> 32);
        }
        emit(b.toString());
    }
}
