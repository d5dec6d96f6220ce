package assertlens.plan;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Asks the JUnit Platform launcher which tests it finds in compiled test-class folders,
 * without running them, and writes one line per test method (tests and containers of
 * parameterized, repeated, template and factory methods alike):
 *
 * <pre>M TAB engine TAB class TAB method TAB top class</pre>
 *
 * where the top class is the outermost class container above the test (the class a
 * selector names to run it: for tests a JUnit 3 suite() builds from library classes, the
 * project class that declares the suite),
 * and one line per test class the plan holds: {@code C TAB engine TAB class}. Class names
 * are binary names (Outer$Inner); method names are cut before any "[" or "(" (Vintage names
 * parameterized runs "test[0]"). Usage: TestPlanDump OUT_FILE CLASSES_DIR...
 */
public final class TestPlanDump {
    private TestPlanDump() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: TestPlanDump OUT_FILE CLASSES_DIR...");
            System.exit(2);
        }
        Set<Path> roots = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            roots.add(Paths.get(args[i]));
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClasspathRoots(roots))
                .build();
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = launcher.discover(request);
        List<String> lines = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (TestIdentifier root : plan.getRoots()) {
            walk(plan, root, null, lines, seen);
        }
        try (Writer out = new OutputStreamWriter(new FileOutputStream(args[0]), StandardCharsets.UTF_8)) {
            for (String line : lines) {
                out.write(line);
                out.write('\n');
            }
        }
    }

    private static void walk(TestPlan plan, TestIdentifier id, String top, List<String> lines, Set<String> seen) {
        String engine = engineOf(id);
        TestSource source = id.getSource().orElse(null);
        String line = null;
        if (source instanceof MethodSource) {
            MethodSource m = (MethodSource) source;
            line = "M\t" + engine + "\t" + m.getClassName() + "\t" + cut(m.getMethodName()) + "\t"
                    + (top == null ? m.getClassName() : top);
        } else if (source instanceof ClassSource) {
            String name = ((ClassSource) source).getClassName();
            line = "C\t" + engine + "\t" + name;
            if (top == null) {
                top = name;
            }
        }
        if (line != null && seen.add(line)) {
            lines.add(line);
        }
        for (TestIdentifier child : plan.getChildren(id)) {
            walk(plan, child, top, lines, seen);
        }
    }

    private static String engineOf(TestIdentifier id) {
        try {
            return UniqueId.parse(id.getUniqueId()).getEngineId().orElse("");
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String cut(String method) {
        int end = method.length();
        for (char c : new char[] {'[', '('}) {
            int i = method.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return method.substring(0, end).trim();
    }
}
