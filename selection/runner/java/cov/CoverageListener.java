package assertlens.cov;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Opens a coverage context for every test class and test method the JUnit Platform runs,
 * on the thread that runs it, and closes it (writing its hits) when it finishes.
 * Registered only for coverage runs, where the agent has put Rt on the boot class path.
 */
public final class CoverageListener implements TestExecutionListener {
    private final Map<String, Object> open = new ConcurrentHashMap<>();

    @Override
    public void executionStarted(TestIdentifier id) {
        TestSource s = id.getSource().orElse(null);
        Object token = null;
        if (s instanceof MethodSource) {
            MethodSource m = (MethodSource) s;
            String decl = declaringClass(m);
            token = Rt.begin(m.getClassName(), m.getMethodName(), decl, m.getMethodName());
        } else if (s instanceof ClassSource) {
            token = Rt.begin(((ClassSource) s).getClassName(), "", null, null);
        }
        if (token != null) {
            open.put(id.getUniqueId(), token);
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Object token = open.remove(id.getUniqueId());
        if (token != null) {
            Rt.end(token);
        }
    }

    /** The binary name of the class declaring the test method (a superclass for inherited tests). */
    private static String declaringClass(MethodSource m) {
        try {
            ClassLoader cl = Thread.currentThread().getContextClassLoader();
            Class<?> c = Class.forName(m.getClassName(), false, cl);
            String params = m.getMethodParameterTypes();
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                for (Method x : k.getDeclaredMethods()) {
                    if (x.getName().equals(m.getMethodName()) && (params == null || params.isEmpty() || params.equals(paramNames(x)))) {
                        return k.getName();
                    }
                }
            }
            for (Class<?> i : c.getInterfaces()) {
                for (Method x : i.getDeclaredMethods()) {
                    if (x.getName().equals(m.getMethodName())) {
                        return i.getName();
                    }
                }
            }
        } catch (Throwable t) {
            // fall back to the class that runs it
        }
        return m.getClassName();
    }

    private static String paramNames(Method x) {
        StringBuilder b = new StringBuilder();
        for (Class<?> p : x.getParameterTypes()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(p.getName());
        }
        return b.toString();
    }
}
