package impl;

import java.lang.reflect.AccessibleObject;

/** A project AccessibleObject: its isAccessible may be its own. */
public class Handle extends AccessibleObject {
    public static int asked;

    @Override
    @SuppressWarnings("deprecation")
    public boolean isAccessible() {
        asked++;
        return true;
    }

    /** Whether o is accessible: o may be a Handle, whose answer counts. */
    public static boolean accessible(AccessibleObject o) {
        return o.isAccessible();
    }
}
