import { strictMock } from '#testing/jest';

interface Repo {
  find(id: string): Promise<string | null>;
  save(id: string, value: string): Promise<void>;
}

describe('strictMock', () => {
  it('answers what the spec stubbed', async () => {
    const repo = strictMock<Repo>({ find: (id) => Promise.resolve(`row ${id}`) });
    await expect(repo.find('a')).resolves.toBe('row a');
  });

  it('throws naming the member a spec did not stub, when it is called', () => {
    const repo = strictMock<Repo>({ find: () => Promise.resolve(null) }, 'repo');
    expect(() => repo.save('a', 'b')).toThrow(
      'repo.save() was called, but the spec did not stub it',
    );
  });

  it('keeps every member a jest.fn: stub later, assert the calls', async () => {
    const repo = strictMock<Repo>();
    repo.save.mockResolvedValue(undefined);
    repo.find.calledWith('x').mockResolvedValue('found');
    await repo.save('a', 'b');
    expect(repo.save).toHaveBeenCalledWith('a', 'b');
    await expect(repo.find('x')).resolves.toBe('found');
    expect(() => repo.find('y')).toThrow('strictMock.find() was called');
  });

  it('can be awaited: a promise of a mock does not look like a thenable', async () => {
    const repo = strictMock<Repo>();
    await expect(Promise.resolve(repo)).resolves.toBe(repo);
  });
});
