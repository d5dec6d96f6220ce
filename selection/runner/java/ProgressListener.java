package assertlens.listener;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

public final class ProgressListener implements TestExecutionListener {
    private Writer out;

    private synchronized void write(String line) {
        String path = System.getProperty("assertlens.progress.out");
        if (path == null) {
            return;
        }
        try {
            if (out == null) {
                out = new OutputStreamWriter(new FileOutputStream(path, true), StandardCharsets.UTF_8);
            }
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            // progress is best effort; the XML reports remain the main record
        }
    }

    private static MethodSource method(TestIdentifier id) {
        if (!id.isTest()) {
            return null;
        }
        TestSource s = id.getSource().orElse(null);
        return s instanceof MethodSource ? (MethodSource) s : null;
    }

    private static String escape(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private void planned(TestPlan plan, TestIdentifier id) {
        TestSource s = id.getSource().orElse(null);
        if (s instanceof MethodSource) {
            MethodSource m = (MethodSource) s;
            write("P\t" + m.getClassName() + "\t" + m.getMethodName());
        }
        for (TestIdentifier child : plan.getChildren(id)) {
            planned(plan, child);
        }
    }

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        for (TestIdentifier root : plan.getRoots()) {
            planned(plan, root);
        }
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        MethodSource m = method(id);
        if (m != null) {
            write("S\t" + m.getClassName() + "\t" + m.getMethodName());
        }
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        MethodSource m = method(id);
        if (m != null) {
            write("F\t" + m.getClassName() + "\t" + m.getMethodName() + "\tSKIPPED\t0\t\t" + escape(reason));
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        MethodSource m = method(id);
        if (m == null) {
            return;
        }
        Throwable t = result.getThrowable().orElse(null);
        int line = 0;
        String type = "";
        String msg = "";
        if (t != null) {
            type = t.getClass().getName();
            msg = t.getMessage();
            String cls = m.getClassName();
            int dollar = cls.indexOf('$');
            String top = dollar < 0 ? cls : cls.substring(0, dollar);
            for (StackTraceElement e : t.getStackTrace()) {
                if (e.getClassName().equals(top) || e.getClassName().startsWith(top + "$")) {
                    line = e.getLineNumber();
                    break;
                }
            }
        }
        write("F\t" + m.getClassName() + "\t" + m.getMethodName() + "\t" + result.getStatus() + "\t" + line + "\t" + type + "\t" + escape(msg));
    }
}
