import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropCollegeData } from './college';

describe('a college switch', () => {
  it('drops every cached answer of the previous college and asks who the member is again', async () => {
    const client = new QueryClient();
    client.setQueryData(['classes', 'page', 1], { rows: ['高数一班'] });
    client.setQueryData(['books', 'teaching'], ['高等数学']);
    client.setQueryData(['member', 'info'], { collegeId: 1 });
    await dropCollegeData(client);
    expect(client.getQueryData(['classes', 'page', 1])).toBeUndefined();
    expect(client.getQueryData(['books', 'teaching'])).toBeUndefined();
    expect(client.getQueryState(['member', 'info'])?.isInvalidated).toBe(true);
  });
});
