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

    /** A String[] is sort(T[])'s too. */
    public static String[] sortedNames(String[] a) {
        return sort(a);
    }
}
