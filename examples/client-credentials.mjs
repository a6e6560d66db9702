#!/usr/bin/env node
// Your first API call with client credentials (Node 24, no dependencies): gets a token, lists the sandbox
// company's projects and creates an RFI in the first one. The values come from your app's page in the
// portal (OAuth credentials → Sandbox → Try it). See examples/README.md.
//
//   PLATFORM_BASE_URL=http://localhost:3000/sandbox CLIENT_ID=… CLIENT_SECRET=… COMPANY_ID=… \
//     node examples/client-credentials.mjs
//
// The company id may also be given as the first argument.

const base = (process.env.PLATFORM_BASE_URL ?? 'http://localhost:3000/sandbox').replace(/\/+$/, '');
const clientId = process.env.CLIENT_ID;
const clientSecret = process.env.CLIENT_SECRET;
const companyId = process.argv[2] ?? process.env.COMPANY_ID;

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

if (!clientId || !clientSecret) fail('set CLIENT_ID and CLIENT_SECRET (the sandbox card shows both)');
if (!companyId || !/^\d+$/.test(companyId)) {
  fail('set COMPANY_ID, or pass it as the first argument (the Try it panel shows your sandbox company id)');
}

/** Calls the platform; a refused call stops the script with its status and body. */
async function request(method, path, { token, body, form } = {}) {
  const headers = { Accept: 'application/json' };
  let payload;
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    // Client-credentials tokens act for the app in one company: every call names it.
    headers['Platform-Company-Id'] = companyId;
  }
  if (form) payload = new URLSearchParams(form);
  else if (body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) fail(`${method} ${path} answered ${response.status}: ${text}`);
  return { response, data: text ? JSON.parse(text) : null };
}

// 1. A token for the app itself (no user): POST {base}/oauth/token.
const { data: token } = await request('POST', '/oauth/token', {
  form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
});
console.log(`token: ${token.token_type} token, expires in ${token.expires_in} s`);

// 2. The companies the app may work in.
const { data: companies } = await request('GET', '/rest/v1.0/companies', { token: token.access_token });
console.log(`companies: ${companies.map((c) => `${c.id} ${c.name}`).join(', ')}`);

// 3. The company's projects (one page; Total says how many there are).
const { response: listed, data: projects } = await request(
  'GET',
  `/rest/v1.0/projects?company_id=${companyId}&per_page=10`,
  { token: token.access_token },
);
console.log(`projects: ${listed.headers.get('Total') ?? projects.length} in company ${companyId}`);
for (const project of projects) console.log(`  ${project.id}  ${project.display_name ?? project.name}`);
const project = projects[0];
if (!project) fail('the company has no project to create an RFI in');

// 4. An RFI in the first project. Its manager must be one of the project's users.
const { data: people } = await request('GET', `/rest/v1.0/projects/${project.id}/users?per_page=1`, {
  token: token.access_token,
});
const managerId = people[0]?.id;
if (!managerId) fail(`project ${project.id} has no user to manage an RFI`);
const { data: rfi } = await request('POST', `/rest/v1.0/projects/${project.id}/rfis`, {
  token: token.access_token,
  body: {
    rfi: {
      subject: `Anchor bolt spacing at grid C-4 (example ${new Date().toISOString()})`,
      question: {
        body: 'The structural drawings show 8 in. spacing, the embed plate detail 6 in. Which governs?',
      },
      rfi_manager_id: managerId,
    },
  },
});
console.log(`created RFI ${rfi.id} (#${rfi.number ?? rfi.full_number}): ${rfi.subject}`);
console.log('done');
