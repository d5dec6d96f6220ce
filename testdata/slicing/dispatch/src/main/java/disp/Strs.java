package disp;

import java.util.List;

/** String checks over CharSequence, which a test implements with a local class. */
public final class Strs {
    static CharSequence last = "";

    private Strs() {
    }

    public static boolean isEmpty(CharSequence cs) {
        return cs == null || cs.length() == 0;
    }

    /** Hands its parameter on: the caller still tells what it is. */
    public static boolean isBlank(CharSequence cs) {
        return isEmpty(cs);
    }

    /** Only a is dispatched: b is a String. */
    public static int both(CharSequence a, String b) {
        return a.length() + b.length();
    }

    /** A field: no caller tells what it holds. */
    public static boolean lastEmpty() {
        return last.length() == 0;
    }

    /** A local taken from a list: no caller tells what it is either. */
    public static boolean firstEmpty(List<CharSequence> all) {
        CharSequence cs = all.get(0);
        return cs.length() == 0;
    }

    /** A parameter rebound to another object before its length is asked. */
    public static boolean lastIfNull(CharSequence cs) {
        if (cs == null) {
            cs = last;
        }
        return cs.length() == 0;
    }

    /** The length of a CharSequence, -1 for anything else: the caller tells what o is. */
    public static int lengthOf(Object o) {
        return o instanceof CharSequence ? ((CharSequence) o).length() : -1;
    }

    /** The length of the first of an array of CharSequences, -1 for anything else. */
    public static int firstLength(Object o) {
        if (o instanceof CharSequence[]) {
            CharSequence[] all = (CharSequence[]) o;
            return all[0].length();
        }
        return -1;
    }

    /** The total length of the CharSequences given: the caller tells what each is. */
    public static int totalLength(CharSequence... all) {
        int n = 0;
        for (CharSequence cs : all) {
            n += cs.length();
        }
        return n;
    }

    /** The lengths of pairs, read the way commons-lang's LookupTranslator reads its table. */
    public static int pairLengths(CharSequence[][] pairs) {
        int n = 0;
        for (CharSequence[] pair : pairs) {
            n += pair[0].length() + pair[1].length();
        }
        return n;
    }

    /** The shorter length, swapping the two through temporaries as commons-lang's getLevenshteinDistance does. */
    public static int shorterLength(CharSequence s, CharSequence t) {
        if (s.length() > t.length()) {
            final CharSequence tmp = s;
            s = t;
            t = tmp;
        }
        int[] tmp;
        int[] a = {s.length()};
        int[] b = {t.length()};
        tmp = a;
        a = b;
        b = tmp;
        return b[0];
    }

    public static void remember(CharSequence cs) {
        last = cs;
    }

    /** A cast to String: only JDK code runs. */
    public static boolean startsWithA(CharSequence cs) {
        if (cs instanceof String) {
            return ((String) cs).startsWith("a");
        }
        return false;
    }

    /** A cast to a project class whose toString counts. */
    public static String shout(Object e) {
        return ((LoudException) e).toString();
    }

    /** Elements of String arrays: String#equals. */
    public static boolean sameFirst(String[] a, String[] b) {
        return a[0].equals(b[0]);
    }

    /** An element of an array of a project class whose toString counts. */
    public static String firstLoud(LoudException[] es) {
        return es[0].toString();
    }

    /** toString() makes a String, whatever it is called on. */
    public static int firstDot(CharSequence cs) {
        return cs.toString().indexOf('.');
    }

    /** Math.max of numbers runs no project code. */
    public static int longest(String a, String b) {
        return Math.max(a.indexOf('.'), b.length());
    }

    /** A key hashing its own class: getClass() is a Class, whatever it is called on. */
    static final class Key {
        @Override
        public int hashCode() {
            return getClass().hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key;
        }
    }

    /** A conditional ending in toString() may still be the CharSequence it was given. */
    public static boolean either(boolean flag, CharSequence cs, String s) {
        return isEmpty(flag ? cs : s.toString());
    }

    /** …and so may a conditional with a concatenation on one side. */
    public static boolean eitherJoined(boolean flag, CharSequence cs, String s) {
        return isEmpty(flag ? cs : "<" + s);
    }

    /** No project class is a List (Half is a function and a Formattable). */
    public static int sizeOf(List<String> xs) {
        return xs.size();
    }
}
