package app;

import com.acme.Label;

/** A project object a library may hold as its own Label type. */
public class Badge implements Label {
    public String describe() {
        return "badge";
    }
}
