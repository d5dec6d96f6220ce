package d;

import java.util.ArrayList;
import java.util.List;

class ListContractTest implements DeeperContract<List<String>> {
    @Override
    public List<String> create() {
        return new ArrayList<>();
    }
}
