package app;

public class Bin {
    protected int size = 7;
}
