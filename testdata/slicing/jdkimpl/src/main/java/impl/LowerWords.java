package impl;

import java.util.List;

/** Splits lower-cased text through Words's own split. */
public class LowerWords extends Words {
    @Override
    protected List<String> split(String s) {
        List<String> out = super.split(s.toLowerCase());
        out.remove("");
        return out;
    }
}
