package assertlens.cov;

import java.io.File;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/**
 * The coverage agent's entry point. It puts the runtime (Rt) on the bootstrap class path and
 * loads the transformer with ASM through a private class loader, so a project depending on
 * its own ASM version never sees ours. The argument is a file of lines "key=value": rt (the
 * runtime jar), impl (class path of the transformer and ASM, File.pathSeparator-separated),
 * main and test (folders of the project's compiled classes).
 */
public final class Agent {
    private Agent() {}

    public static void premain(String args, Instrumentation inst) throws Exception {
        String rt = null, impl = null, main = "", test = "";
        for (String line : Files.readAllLines(Paths.get(args), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String k = line.substring(0, eq), v = line.substring(eq + 1);
            switch (k) {
                case "rt": rt = v; break;
                case "impl": impl = v; break;
                case "main": main = v; break;
                case "test": test = v; break;
                default: break;
            }
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(rt));
        List<URL> urls = new ArrayList<>();
        for (String p : impl.split(File.pathSeparator)) {
            if (!p.isEmpty()) {
                urls.add(new File(p).toURI().toURL());
            }
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        Class<?> t = Class.forName("assertlens.cov.Transformer", true, loader);
        ClassFileTransformer tr = (ClassFileTransformer) t.getConstructor(String.class, String.class).newInstance(main, test);
        inst.addTransformer(tr);
        Class<?> rtc = Class.forName("assertlens.cov.Rt", true, null);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                rtc.getMethod("finish").invoke(null);
            } catch (ReflectiveOperationException e) {
                System.err.println("assertlens coverage: " + e);
            }
        }));
    }
}
