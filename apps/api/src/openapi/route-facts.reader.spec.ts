import { operationIdOf } from './route-facts.reader.js';

describe('operationIdOf', () => {
  it('reads resource.method, in snake case', () => {
    expect(operationIdOf('GuestsController', 'create')).toBe('guests.create');
    expect(operationIdOf('OperationsController', 'cancel')).toBe('operations.cancel');
    expect(operationIdOf('VolumesController', 'createTemplate')).toBe('volumes.create_template');
    // a compound controller name, by its words, unless it is named in the table
    expect(operationIdOf('FooBarController', 'list')).toBe('foo.bar.list');
    expect(operationIdOf('GuestDisksController', 'list')).toBe('guests.disks.list');
  });
});
