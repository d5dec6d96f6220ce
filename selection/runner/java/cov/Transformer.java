package assertlens.cov;

import java.io.File;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Instruments the classes loaded from the project's compiled folders: a call to Rt.hit at
 * the entry of every method with code, and in test classes Rt.enter/Rt.line/Rt.exit so the
 * runtime knows which statement of the running test method is executing. Everything
 * happens in memory; class files on disk are never touched.
 */
public final class Transformer implements ClassFileTransformer {
    private static final String RT = "assertlens/cov/Rt";
    private final List<String> main = new ArrayList<>(), test = new ArrayList<>();

    public Transformer(String mainDirs, String testDirs) {
        split(mainDirs, main);
        split(testDirs, test);
    }

    private static void split(String dirs, List<String> into) {
        for (String d : dirs.split(File.pathSeparator)) {
            if (!d.isEmpty()) {
                into.add(new File(d).getAbsoluteFile().toURI().toString());
            }
        }
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        if (name == null || pd == null || pd.getCodeSource() == null || pd.getCodeSource().getLocation() == null || redefined != null) {
            return null;
        }
        String where = pd.getCodeSource().getLocation().toString();
        boolean isTest = under(where, test);
        if (!isTest && !under(where, main)) {
            return null;
        }
        try {
            return instrumentFitting(name, bytes, isTest);
        } catch (Throwable t) {
            System.err.println("assertlens coverage: " + name + " left uninstrumented: " + t);
            Rt.uninstrumented(name, String.valueOf(t));
            return null;
        }
    }

    private static boolean under(String where, List<String> dirs) {
        for (String d : dirs) {
            if (where.startsWith(d) || (where + "/").startsWith(d)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Instruments a class; a method of a test class that the line probes would make larger
     * than the JVM allows (a big table of literals) is instrumented again without them: only
     * the probes of the running test method tell test statements apart, so for any other
     * method the calls it makes still count at the test statement that called it. A test
     * method too large for its line probes could not be recorded statement by statement:
     * Rt refuses the run when one starts.
     */
    static byte[] instrumentFitting(String name, byte[] bytes, boolean isTest) {
        Set<String> plain = new HashSet<>();
        Map<String, Integer> ids = new HashMap<>();
        while (true) {
            try {
                return instrument(bytes, isTest, plain, ids);
            } catch (MethodTooLargeException e) {
                String method = e.getMethodName() + e.getDescriptor();
                if (!isTest || !plain.add(method)) {
                    throw e;
                }
                System.err.println("assertlens coverage: " + name + "#" + e.getMethodName() + " is too large for line probes: its calls count at the calling test statement");
                Rt.linesUntracked(name.replace('/', '.'), e.getMethodName());
            }
        }
    }

    static byte[] instrument(byte[] bytes, boolean isTest) {
        return instrument(bytes, isTest, new HashSet<>(), new HashMap<>());
    }

    /**
     * Instruments a class, leaving the methods in plain (name and descriptor) without line
     * probes; ids keeps the member ids registered by an earlier attempt on the same class.
     */
    static byte[] instrument(byte[] bytes, boolean isTest, Set<String> plain, Map<String, Integer> ids) {
        ClassReader cr = new ClassReader(bytes);
        ClassNode cn = new ClassNode();
        cr.accept(cn, ClassReader.EXPAND_FRAMES);
        if ((cn.access & Opcodes.ACC_MODULE) != 0) {
            return null;
        }
        String binary = cn.name.replace('/', '.');
        Map<String, String> lambdaOwner = lambdaOwners(cn);
        String classEnclosing = null;
        if (cn.outerMethod != null) {
            classEnclosing = cn.outerClass.replace('/', '.') + "#" + cn.outerMethod + cn.outerMethodDesc;
        } else if (cn.outerClass != null) {
            classEnclosing = cn.outerClass.replace('/', '.') + "#";
        }
        for (MethodNode mn : cn.methods) {
            if (mn.instructions.size() == 0) {
                continue;
            }
            int first = 0, last = 0;
            for (AbstractInsnNode in : mn.instructions) {
                if (in instanceof LineNumberNode) {
                    int l = ((LineNumberNode) in).line;
                    first = first == 0 ? l : Math.min(first, l);
                    last = Math.max(last, l);
                }
            }
            String enclosing = null;
            String owner = lambdaOwner.get(mn.name + mn.desc);
            if (owner != null) {
                String seen = owner;
                for (int i = 0; i < 16 && lambdaOwner.containsKey(seen); i++) {
                    seen = lambdaOwner.get(seen);
                }
                enclosing = binary + "#" + seen;
            } else if (classEnclosing != null) {
                enclosing = classEnclosing;
            }
            // The initializer of a javac synthetic class (an enum switch's table, Outer$1)
            // counts as synthetic: its lines are those of the switches in other methods.
            boolean synthetic = (mn.access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) != 0
                    || (mn.name.equals("<clinit>") && (cn.access & Opcodes.ACC_SYNTHETIC) != 0);
            Integer known = ids.get(mn.name + mn.desc);
            int id = known != null ? known : Rt.register(binary, mn.name, mn.desc, cn.sourceFile, first, last, enclosing, isTest, synthetic);
            ids.put(mn.name + mn.desc, id);
            InsnList probe = new InsnList();
            probe.add(new LdcInsnNode(id));
            probe.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, "hit", "(I)V", false));
            mn.instructions.insert(probe);
            if (isTest && !mn.name.startsWith("<") && (mn.access & Opcodes.ACC_SYNTHETIC) == 0 && !plain.contains(mn.name + mn.desc)) {
                trackLines(binary, mn);
            }
            if (isTest && mn.name.equals("<init>") && (mn.access & Opcodes.ACC_SYNTHETIC) == 0) {
                trackConstruction(mn);
            }
            if (mn.name.equals("<clinit>") && !isTest && (cn.access & Opcodes.ACC_SYNTHETIC) == 0) {
                // A test class's own initialization is attributed to the whole class; what
                // production class initialization computes may be seen by any later test.
                // javac's synthetic classes (the table of an enum switch, Outer$1) hold no
                // state of the program: their initialization is part of the method that
                // switches, and the enum's own initializer is bracketed on its own.
                trackInit(mn, id);
            }
        }
        for (MethodNode mn : cn.methods) {
            keepUninitializedAtNew(mn);
        }
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        return cw.toByteArray();
    }

    /**
     * A frame types an object between its NEW and its constructor call as "uninitialized at
     * label L", and L must stand right before that NEW. javac puts the line marker of a line
     * that starts with new X(..) on that very label, so a line probe inserted after the
     * marker would separate the two (the JVM then rejects the class: "bad offset for
     * Uninitialized"). Such frames get a fresh label right before their NEW instead.
     */
    private static void keepUninitializedAtNew(MethodNode mn) {
        Map<LabelNode, LabelNode> moved = new HashMap<>();
        for (AbstractInsnNode in : mn.instructions.toArray()) {
            if (in instanceof FrameNode) {
                FrameNode f = (FrameNode) in;
                retarget(mn, f.local, moved);
                retarget(mn, f.stack, moved);
            }
        }
    }

    private static void retarget(MethodNode mn, List<Object> types, Map<LabelNode, LabelNode> moved) {
        if (types == null) {
            return;
        }
        for (int i = 0; i < types.size(); i++) {
            if (!(types.get(i) instanceof LabelNode)) {
                continue;
            }
            LabelNode l = (LabelNode) types.get(i);
            LabelNode at = moved.get(l);
            if (at == null) {
                at = l;
                AbstractInsnNode n = l.getNext();
                while (n != null && n.getOpcode() != Opcodes.NEW) {
                    n = n.getNext();
                }
                if (n != null && realBefore(l, n)) {
                    at = new LabelNode();
                    mn.instructions.insertBefore(n, at);
                }
                moved.put(l, at);
            }
            types.set(i, at);
        }
    }

    /** Reports whether an instruction (not a label, line marker or frame) lies between from and to. */
    private static boolean realBefore(AbstractInsnNode from, AbstractInsnNode to) {
        for (AbstractInsnNode n = from.getNext(); n != null && n != to; n = n.getNext()) {
            if (n.getOpcode() >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Maps "lambda$x$0(desc)" to the method ("name(desc)") whose invokedynamic creates it. */
    private static Map<String, String> lambdaOwners(ClassNode cn) {
        Map<String, String> out = new HashMap<>();
        for (MethodNode mn : cn.methods) {
            for (AbstractInsnNode in : mn.instructions) {
                if (!(in instanceof InvokeDynamicInsnNode)) {
                    continue;
                }
                for (Object arg : ((InvokeDynamicInsnNode) in).bsmArgs) {
                    if (arg instanceof Handle) {
                        Handle h = (Handle) arg;
                        if (h.getOwner().equals(cn.name) && h.getName().startsWith("lambda$")) {
                            out.put(h.getName() + h.getDesc(), mn.name + mn.desc);
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * Adds Rt.enter at the start, Rt.line at each line, and Rt.exit before each return and
     * in a handler around the whole body that rethrows.
     */
    private static void trackLines(String binary, MethodNode mn) {
        InsnList insns = mn.instructions;
        for (AbstractInsnNode in : insns.toArray()) {
            if (in instanceof LineNumberNode) {
                LineNumberNode ln = (LineNumberNode) in;
                InsnList call = new InsnList();
                call.add(new LdcInsnNode(binary));
                call.add(new LdcInsnNode(mn.name));
                call.add(new LdcInsnNode(ln.line));
                call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, "line", "(Ljava/lang/String;Ljava/lang/String;I)V", false));
                // After the line marker (and the frame that may follow the label).
                AbstractInsnNode at = ln;
                while (at.getNext() instanceof FrameNode || at.getNext() instanceof LineNumberNode) {
                    at = at.getNext();
                }
                insns.insert(at, call);
            } else if (in.getOpcode() >= Opcodes.IRETURN && in.getOpcode() <= Opcodes.RETURN) {
                insns.insertBefore(in, exitCall(binary, mn.name));
            }
        }
        LabelNode start = new LabelNode(), end = new LabelNode(), handler = new LabelNode();
        InsnList head = new InsnList();
        head.add(new LdcInsnNode(binary));
        head.add(new LdcInsnNode(mn.name));
        head.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, "enter", "(Ljava/lang/String;Ljava/lang/String;)V", false));
        head.add(start);
        insns.insert(head);
        insns.add(end);
        insns.add(handler);
        insns.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"}));
        insns.add(exitCall(binary, mn.name));
        insns.add(new InsnNode(Opcodes.ATHROW));
        mn.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /**
     * Brackets a static initializer with Rt.initEnter (before its own hit) and Rt.initExit
     * (before each return, and in a handler around the whole body that rethrows), so what
     * runs during class initialization is known.
     */
    private static void trackInit(MethodNode mn, int id) {
        InsnList enter = new InsnList();
        enter.add(new LdcInsnNode(id));
        enter.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, "initEnter", "(I)V", false));
        bracket(mn, null, enter, "initExit");
    }

    /**
     * Adds Rt.constructEnter(this) just after a constructor's super(...) or this(...) call
     * (before it, the object cannot be used), and Rt.constructExit before each return and in
     * a handler around the rest of the body that rethrows. The call is the first
     * invokespecial of an {@code <init>} that no NEW is waiting for.
     */
    private static void trackConstruction(MethodNode mn) {
        AbstractInsnNode superCall = null;
        int pendingNew = 0;
        for (AbstractInsnNode in : mn.instructions.toArray()) {
            if (in.getOpcode() == Opcodes.NEW) {
                pendingNew++;
            } else if (in.getOpcode() == Opcodes.INVOKESPECIAL && ((MethodInsnNode) in).name.equals("<init>")) {
                if (pendingNew == 0) {
                    superCall = in;
                    break;
                }
                pendingNew--;
            }
        }
        if (superCall == null) {
            return;
        }
        InsnList enter = new InsnList();
        enter.add(new VarInsnNode(Opcodes.ALOAD, 0));
        enter.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, "constructEnter", "(Ljava/lang/Object;)V", false));
        bracket(mn, superCall, enter, "constructExit");
    }

    /**
     * Inserts enter after the instruction after (at the start when null), a call of the
     * no-argument Rt method exit before each return, and a handler from just after enter to
     * the end of the method that calls exit and rethrows.
     */
    private static void bracket(MethodNode mn, AbstractInsnNode after, InsnList enter, String exit) {
        InsnList insns = mn.instructions;
        for (AbstractInsnNode in : insns.toArray()) {
            if (in.getOpcode() == Opcodes.RETURN) {
                insns.insertBefore(in, new MethodInsnNode(Opcodes.INVOKESTATIC, RT, exit, "()V", false));
            }
        }
        LabelNode start = new LabelNode(), end = new LabelNode(), handler = new LabelNode();
        enter.add(start);
        if (after == null) {
            insns.insert(enter);
        } else {
            insns.insert(after, enter);
        }
        insns.add(end);
        insns.add(handler);
        insns.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"}));
        insns.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, exit, "()V", false));
        insns.add(new InsnNode(Opcodes.ATHROW));
        mn.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    private static InsnList exitCall(String binary, String method) {
        InsnList call = new InsnList();
        call.add(new LdcInsnNode(binary));
        call.add(new LdcInsnNode(method));
        call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RT, "exit", "(Ljava/lang/String;Ljava/lang/String;)V", false));
        return call;
    }
}
