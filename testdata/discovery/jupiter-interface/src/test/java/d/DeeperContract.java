package d;

interface DeeperContract<T> extends ContractTest<T> {
}
