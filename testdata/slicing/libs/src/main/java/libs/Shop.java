package libs;

public class Shop {
    private final Repo repo;

    public Shop(Repo repo) {
        this.repo = repo;
    }

    public void buy(String item) {
        if (item.isEmpty()) {
            throw new IllegalArgumentException("empty");
        }
        repo.save(item);
    }
}
