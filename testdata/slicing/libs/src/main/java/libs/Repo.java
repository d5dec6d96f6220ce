package libs;

import java.util.ArrayList;
import java.util.List;

public class Repo {
    private final List<String> saved = new ArrayList<>();

    public void save(String s) {
        saved.add(s);
    }

    public List<String> all() {
        return saved;
    }

    public String find(int i) {
        return saved.get(i);
    }
}
