package app;

class DialAccessorsTest extends AccessorsBase<Object> {
    @Override
    Object make(int level) {
        return new Dial(level);
    }

    @Override
    String[] names() {
        return new String[] {"Level"};
    }
}
