package disp;

import java.util.Arrays;

/** Overloads told apart by the arguments' declared types. */
public final class Arrs {
    private Arrs() {
    }

    public static char[] sort(char[] a) {
        Arrays.sort(a);
        return a;
    }

    /** Sorting objects runs their compareTo: any project callback. */
    public static <T> T[] sort(T[] a) {
        Arrays.sort(a);
        return a;
    }

    /** A char[] can only be sort(char[])'s. */
    public static char[] sorted(char[] a) {
        return sort(a);
    }

    /** A char[][] is an array of objects: sort(T[])'s. */
    public static char[][] sortedRows(char[][] a) {
        return sort(a);
    }

    public static char[] copy(char[] a) {
        return a.clone();
    }

    public static <T> T[] copy(T[] a) {
        return a.clone();
    }

    /** A copy of a char[] shares nothing with it; the condition's a does not flow. */
    public static char[] copyOrNull(char[] a) {
        return a != null ? a.clone() : null;
    }

    /** Either array, as given. */
    public static char[] pick(boolean first, char[] a, char[] b) {
        return first ? a : b;
    }

    /** A copy of a char[][] shares its rows. */
    public static char[][] copyRows(char[][] a) {
        return a.clone();
    }

    /** Every copy taking a char[] returns a char[]: sort(char[])'s, on a fresh copy. */
    public static char[] sortedCopy(char[] a) {
        return sort(copy(a));
    }

    /** copy of a char[][] is copy(T[]), whose T[] may be anything: sort(T[])'s too. */
    public static char[][] sortedRowsCopy(char[][] a) {
        return sort(copy(a));
    }

    /** A String[] is sort(T[])'s too. */
    public static String[] sortedNames(String[] a) {
        return sort(a);
    }
}
