package d;

import java.util.ArrayList;
import java.util.Collection;

public class ArrayListTestCase extends AbstractListTestCase {
    protected Collection<String> make() {
        return new ArrayList<>();
    }

    public void testSize() {
    }

    void testPackagePrivate() {
    }

    public void testWithArg(int n) {
    }
}
