import { translateConfig } from './zvmsdk-config.js';

const CONF = `
[default]
# comment
[zvm]
disk_pool = ECKD:POOL2
user_profile: MYPROF
user_root_vdev = 0200
user_default_password = s3cret-value
namelist = NL1

[wsgi]
auth = Token
token_path = /etc/zvmsdk/token.dat
token_validation_period = 7200

[logging]
log_level = logging.WARNING

[database]
dir = /var/lib/zvmsdk/databases
`;

describe('translateConfig', () => {
  const t = translateConfig(CONF);

  it('translates the options that have an equivalent here', () => {
    expect(t.settings.map((s) => `${s.env}=${s.value}`)).toEqual([
      'DISK_POOL=ECKD:POOL2',
      'USER_PROFILE=MYPROF',
      'USER_ROOT_VDEV=0200',
      'AUTH=token',
      'TOKEN_PATH=/etc/zvmsdk/token.dat',
      'TOKEN_TTL_S=7200',
      'LOG_LEVEL=warn',
    ]);
  });

  it('lists the others, and never a secret value', () => {
    expect(t.unmatched).toEqual([
      { from: '[zvm] user_default_password', note: 'secret, value not shown; no equivalent' },
      { from: '[zvm] namelist', note: 'no equivalent' },
      { from: '[database] dir', note: 'give it to adopt as --from' },
    ]);
    expect(JSON.stringify(t)).not.toContain('s3cret');
  });
});
